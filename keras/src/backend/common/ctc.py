"""CTC prefix beam search on NumPy arrays.

Beam search is sequential and data-dependent, so every backend runs it on
the host with this one implementation.
"""

import numpy as np


def ctc_beam_search(log_probs, lengths, beam_width, top_paths, blank):
    """CTC prefix beam search on NumPy arrays; shared by every backend.

    Returns `(paths, scores)`: int32 `(top_paths, batch, steps)` padded with
    -1, and the paths' log-probabilities, `(batch, top_paths)`.
    """
    batch, steps, _ = log_probs.shape
    paths = np.full((top_paths, batch, steps), -1, np.int32)
    scores = np.full((batch, top_paths), -np.inf, log_probs.dtype)
    for b in range(batch):
        beams = _beam_search_one(log_probs[b, : lengths[b]], beam_width, blank)
        for rank, (prefix, score) in enumerate(beams[:top_paths]):
            paths[rank, b, : len(prefix)] = prefix
            scores[b, rank] = score
    return paths, scores


def _beam_search_one(log_probs, beam_width, blank):
    # Each beam: prefix -> (log p ending in blank, log p ending in a label).
    beams = {(): (0.0, -np.inf)}
    labels = [c for c in range(log_probs.shape[-1]) if c != blank]
    for step in log_probs:
        candidates = {}
        for prefix, (p_blank, p_label) in beams.items():
            total = np.logaddexp(p_blank, p_label)
            b, nb = candidates.get(prefix, (-np.inf, -np.inf))
            stay = p_label + step[prefix[-1]] if prefix else -np.inf
            candidates[prefix] = (
                np.logaddexp(b, total + step[blank]), np.logaddexp(nb, stay)
            )
            for c in labels:
                extended = prefix + (c,)
                source = p_blank if prefix and prefix[-1] == c else total
                b, nb = candidates.get(extended, (-np.inf, -np.inf))
                candidates[extended] = (b, np.logaddexp(nb, source + step[c]))
        ranked = sorted(
            candidates.items(), key=lambda item: -np.logaddexp(*item[1])
        )
        beams = dict(ranked[:beam_width])
    return [(prefix, np.logaddexp(*p)) for prefix, p in beams.items()]
