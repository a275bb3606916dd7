"""Argument checks of the manipulation functions (`pad`, `split`s,
`moveaxis`, ...), shared by the backends. Plain Python, so that graph
tracers see constants."""


def pad_widths(pad_width, rank):
    """`pad_width` broadcast as NumPy does to one `(before, after)` pair
    of ints per axis of a rank-`rank` tensor; raises a `ValueError` for
    widths that do not fit or are negative."""
    if hasattr(pad_width, "tolist"):
        pad_width = pad_width.tolist()
    if isinstance(pad_width, int):
        pad_width = [pad_width]
    if all(isinstance(w, int) for w in pad_width):
        pad_width = [pad_width]
    pairs = [tuple(p) * (2 // len(p)) if len(p) in (1, 2) else p
             for p in pad_width]
    if len(pairs) == 1:
        pairs = pairs * rank
    if len(pairs) != rank or any(len(p) != 2 for p in pairs):
        raise ValueError(
            f"`pad`: `pad_width` {pad_width} does not fit a tensor of rank "
            f"{rank}."
        )
    if any(w < 0 for p in pairs for w in p):
        raise ValueError(
            f"`pad`: `pad_width` cannot be negative. Received: {pad_width}"
        )
    return [(int(b), int(a)) for b, a in pairs]


def check_rank_at_least(op_name, x, rank):
    """Raises a `ValueError` naming `op_name` when `x` has fewer than
    `rank` dimensions."""
    if x.ndim < rank:
        raise ValueError(
            f"`{op_name}` needs a tensor of rank >= {rank}. "
            f"Received: x.shape={x.shape}"
        )


def checked_axes(axis, rank):
    """`axis` (an int or a sequence) as a tuple of non-negative axes of a
    rank-`rank` tensor; raises a `ValueError` for one out of bounds."""
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    for a in axes:
        if not -rank <= a < rank:
            raise ValueError(
                f"axis {a} is out of bounds for a tensor of rank {rank}."
            )
    return tuple(a % rank for a in axes)
