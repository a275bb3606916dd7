"""Helpers for writing tests: small learnable datasets and named
parameter products for `parameterized.named_parameters`."""

import itertools

import numpy as np


def get_test_data(
    train_samples, test_samples, input_shape, num_classes, random_seed=None
):
    """Returns a small classification dataset that a model can learn.

    Every class has its own random template; a sample is its class's
    template plus unit Gaussian noise. The labels are balanced over all
    `train_samples + test_samples` samples, and the training split holds
    the same number of samples of each class
    (`train_samples // num_classes`); the remaining samples form the test
    split. Both splits are shuffled.

    Args:
        train_samples: how many training samples to aim for (rounded down
            to a multiple of `num_classes`; the rest goes to the test
            split).
        test_samples: how many test samples to generate.
        input_shape: shape of one sample, a tuple of ints.
        num_classes: number of classes (an int >= 1).
        random_seed: seed of the NumPy generator used, for reproducible
            data.

    Returns:
        `(x_train, y_train), (x_test, y_test)`: float32 inputs of shape
        `(n,) + input_shape` and int64 labels of shape `(n,)`.

    Example:

    >>> (x, y), (x_test, y_test) = get_test_data(
    ...     9, 3, (2,), num_classes=3, random_seed=0)
    >>> x.shape, y.shape, x_test.shape
    ((9, 2), (9,), (3, 2))
    >>> np.bincount(y).tolist()
    [3, 3, 3]
    """
    for name, value in (
        ("train_samples", train_samples),
        ("test_samples", test_samples),
    ):
        if not isinstance(value, (int, np.integer)) or value < 0:
            raise ValueError(
                f"`{name}` must be a non-negative integer. "
                f"Received: {name}={value!r}"
            )
    if not isinstance(num_classes, (int, np.integer)) or num_classes < 1:
        raise ValueError(
            "`num_classes` must be a positive integer. "
            f"Received: num_classes={num_classes!r}"
        )
    input_shape = tuple(input_shape)
    rng = np.random.default_rng(random_seed)
    total = train_samples + test_samples
    labels = np.arange(total) % num_classes
    templates = rng.normal(0.0, 3.0, (num_classes,) + input_shape)
    noise = rng.normal(0.0, 1.0, (total,) + input_shape)
    x = (templates[labels] + noise).astype("float32")
    per_class = train_samples // num_classes
    in_train = np.zeros(total, dtype=bool)
    for c in range(num_classes):
        in_train[np.flatnonzero(labels == c)[:per_class]] = True
    train = rng.permutation(np.flatnonzero(in_train))
    test = rng.permutation(np.flatnonzero(~in_train))
    labels = labels.astype("int64")
    return (x[train], labels[train]), (x[test], labels[test])


def named_product(*args, **kwargs):
    """Returns the cartesian product of test parameters, each combination
    named, for `parameterized.named_parameters`.

    Like `parameterized.product`, but every test case gets a readable name
    made of its parameter values joined by `_`: a value's `__name__` when
    it has one (classes, functions), else `str(value).lower()`.

    Args:
        *args: lists of keyword-argument dicts; each dict holds a
            `"testcase_name"` (its part of the name) and the arguments it
            contributes. Every test case takes one dict from each list.
        **kwargs: for each parameter name, the list (or tuple) of values it
            takes.

    Returns:
        A list of dicts, one per combination, each with a
        `"testcase_name"` and the test's keyword arguments. The first
        parameter varies fastest.

    Example:

    >>> [case["testcase_name"] for case in named_product(
    ...     x=[1, 2], dtype=["float32", "int8"])]
    ['1_float32', '2_float32', '1_int8', '2_int8']
    """
    choices = []
    for position, cases in enumerate(args):
        options = []
        for case in cases:
            if "testcase_name" not in case:
                raise ValueError(
                    f"Each dict of positional argument {position} of "
                    "`named_product` needs a 'testcase_name' key. "
                    f"Received: {case!r}"
                )
            arguments = {
                k: v for k, v in case.items() if k != "testcase_name"
            }
            options.append((case["testcase_name"], arguments))
        choices.append(options)
    for key, values in kwargs.items():
        if not isinstance(values, (list, tuple)):
            raise TypeError(
                f"The values of `{key}` must be a list or a tuple. "
                f"Received: {key}={values!r}"
            )
        choices.append([(_value_name(v), {key: v}) for v in values])
    result = []
    # itertools.product varies its last input fastest; Keras's order has
    # the first parameter vary fastest, hence the reversals.
    for combination in itertools.product(*reversed(choices)):
        combination = combination[::-1]
        case = {}
        for _, arguments in combination:
            case.update(arguments)
        if combination:
            names = "_".join(str(name) for name, _ in combination)
            case = {"testcase_name": names, **case}
        result.append(case)
    return result


def _value_name(value):
    name = getattr(value, "__name__", None)
    return name if isinstance(name, str) else str(value).lower()
