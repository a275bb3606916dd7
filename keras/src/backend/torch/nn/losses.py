"""One-hot encodings, crossentropies and CTC on PyTorch."""

import math

import numpy as np
import torch
import torch.nn.functional as F

from keras.src.backend import config
from keras.src.backend.common import dtypes
from keras.src.backend.common.ctc import ctc_beam_search
from keras.src.backend.torch.core import (
    convert_to_tensor,
    is_capturing,
    to_torch_dtype,
)
from keras.src.backend.torch.nn._utils import _as
from keras.src.backend.torch.nn._utils import _float
from keras.src.backend.torch.nn._utils import _loss_inputs
from keras.src.backend.torch.nn._utils import _wide


def one_hot(x, num_classes, axis=-1, dtype=None, sparse=False):
    if sparse:
        raise ValueError("The torch backend does not support sparse tensors.")
    x = convert_to_tensor(x)
    if x.is_floating_point() or x.dtype == torch.bool:
        x = x.int()
    axis = axis % (x.ndim + 1)
    shape = [1] * (x.ndim + 1)
    shape[axis] = num_classes
    classes = torch.arange(num_classes, device=x.device).reshape(shape)
    hot = x.unsqueeze(axis) == classes
    return hot.to(to_torch_dtype(dtypes.standardize_dtype(dtype)))


def multi_hot(inputs, num_classes=None, axis=-1, dtype=None, sparse=False,
              **kwargs):
    num_classes = kwargs.pop("num_tokens", num_classes)
    hot = one_hot(inputs, num_classes, axis=axis, dtype=dtype, sparse=sparse)
    return torch.amax(hot, dim=1 if hot.ndim > 2 else 0)


def _log_probs(output, from_logits, axis):
    if from_logits:
        return torch.log_softmax(output, dim=axis)
    output = output / torch.sum(output, dim=axis, keepdim=True)
    eps = config.epsilon()
    return torch.log(torch.clamp(output, eps, 1 - eps))


def categorical_crossentropy(target, output, from_logits=False, axis=-1):
    target, output, dtype = _loss_inputs(target, output)
    log_probs = _log_probs(output, from_logits, axis)
    return (-torch.sum(target * log_probs, dim=axis)).to(dtype)


def sparse_categorical_crossentropy(target, output, from_logits=False,
                                    axis=-1):
    output, dtype = _wide(output)
    target = convert_to_tensor(target)
    if target.ndim == output.ndim and target.shape[-1] == 1:
        target = target.squeeze(-1)
    classes = output.shape[axis]
    # Targets out of range are ignored: their loss is 0.
    target = torch.where((target >= 0) & (target < classes), target.long(),
                         -100)
    # torch's fused losses want the class axis at 1 (or alone).
    if output.ndim > 1 and axis % output.ndim != 1:
        output = output.movedim(axis, 1)
    if from_logits:
        loss = F.cross_entropy(output, target, reduction="none",
                               ignore_index=-100)
    else:
        class_axis = 1 if output.ndim > 1 else 0
        output = output / torch.sum(output, dim=class_axis, keepdim=True)
        eps = config.epsilon()
        log_probs = torch.log(torch.clamp(output, eps, 1 - eps))
        loss = F.nll_loss(log_probs, target, reduction="none",
                          ignore_index=-100)
    return _as(loss, dtype)


def binary_crossentropy(target, output, from_logits=False):
    target, output, dtype = _loss_inputs(target, output)
    if from_logits:
        loss = torch.relu(output) - output * target
        loss = loss + torch.log1p(torch.exp(-torch.abs(output)))
    else:
        eps = config.epsilon()
        output = torch.clamp(output, eps, 1 - eps)
        loss = -(target * torch.log(output)
                 + (1 - target) * torch.log1p(-output))
    return loss.to(dtype)


def _ctc_float(x):
    x = _float(x)
    return x.float() if x.element_size() < 4 else x


def _ctc_feasible(target, target_length, output_length):
    """Whether each target fits: a repeated label needs a blank between."""
    positions = torch.arange(1, target.shape[1], device=target.device)
    inside = positions[None, :] < target_length[:, None]
    repeats = torch.sum((target[:, 1:] == target[:, :-1]) & inside, dim=1)
    return target_length + repeats <= output_length


def ctc_loss(target, output, target_length, output_length, mask_index=0):
    log_probs = torch.log_softmax(_ctc_float(output), dim=-1)
    target = convert_to_tensor(target).long()
    target_length = convert_to_tensor(target_length).long()
    output_length = convert_to_tensor(output_length).long()
    if is_capturing():
        # `F.ctc_loss` has a data-dependent output shape, which breaks the
        # graph; the forward recursion written with tensor ops does not.
        loss = _ctc_forward(log_probs, target, target_length, output_length,
                            mask_index)
    else:
        loss = F.ctc_loss(
            log_probs.transpose(0, 1),
            target,
            output_length,
            target_length,
            blank=mask_index,
            reduction="none",
            # Infeasible targets get inf below, with a zero gradient.
            zero_infinity=True,
        )
    feasible = _ctc_feasible(target, target_length, output_length)
    return torch.where(feasible, loss, math.inf)


def _ctc_forward(log_probs, target, target_length, output_length, blank):
    """The CTC forward recursion over the label sequence with blanks
    interleaved, in log space."""
    batch, steps, _ = log_probs.shape
    labels = torch.full((batch, 2 * target.shape[1] + 1), blank,
                        dtype=torch.long, device=log_probs.device)
    labels[:, 1::2] = target
    allowed = torch.zeros(labels.shape, dtype=torch.bool,
                          device=labels.device)
    allowed[:, 3::2] = labels[:, 3::2] != labels[:, 1:-2:2]
    # A finite log(0) keeps gradients finite; infeasible targets get inf.
    zero = -1e30
    emissions = torch.gather(
        log_probs, 2, labels[:, None, :].expand(-1, steps, -1)
    )
    alpha = torch.where(
        torch.arange(labels.shape[1], device=labels.device) < 2,
        emissions[:, 0], zero,
    )
    for t in range(1, steps):
        previous = F.pad(alpha[:, :-1], (1, 0), value=zero)
        skip = torch.where(allowed, F.pad(alpha[:, :-2], (2, 0), value=zero),
                           zero)
        merged = torch.logaddexp(torch.logaddexp(alpha, previous), skip)
        alpha = torch.where((t < output_length)[:, None],
                            merged + emissions[:, t], alpha)
    last = 2 * target_length
    end = torch.gather(alpha, 1, last[:, None])[:, 0]
    before = torch.gather(alpha, 1, torch.clamp(last - 1, min=0)[:, None])
    before = torch.where(target_length > 0, before[:, 0], zero)
    return -torch.logaddexp(end, before)


def _greedy_decode(inputs, lengths, merge_repeated, blank):
    batch, steps, _ = inputs.shape
    best, ids = torch.max(inputs, dim=-1)
    ids = ids.int()
    positions = torch.arange(steps, device=inputs.device)[None, :]
    valid = positions < lengths[:, None]
    scores = -torch.sum(torch.where(valid, best, torch.zeros_like(best)), 1)
    keep = valid & (ids != blank)
    if merge_repeated:
        repeated = F.pad(ids[:, 1:] == ids[:, :-1], (1, 0))
        keep = keep & ~repeated
    order = torch.argsort((~keep).int(), dim=1, stable=True)
    packed = torch.gather(ids, 1, order)
    count = torch.sum(keep, dim=1, keepdim=True)
    packed = torch.where(positions < count, packed, -1)
    return packed[None], scores[:, None]


def ctc_decode(inputs, sequence_lengths, strategy="greedy", beam_width=100,
               top_paths=1, merge_repeated=True, mask_index=0):
    inputs = _ctc_float(inputs)
    lengths = convert_to_tensor(sequence_lengths).long()
    blank = inputs.shape[-1] - 1 if mask_index is None else mask_index
    if strategy == "greedy":
        return _greedy_decode(inputs, lengths, merge_repeated, blank)
    # Beam search is sequential and data-dependent: it runs on the host.

    log_probs = torch.log_softmax(inputs, dim=-1).detach().cpu().numpy()
    paths, scores = ctc_beam_search(log_probs, lengths.cpu().numpy(),
                                    beam_width, top_paths, blank)
    return (torch.as_tensor(paths, device=inputs.device),
            torch.as_tensor(np.asarray(scores), device=inputs.device))
