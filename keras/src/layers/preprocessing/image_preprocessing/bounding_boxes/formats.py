"""The coordinate layout of each bounding box format: for each format, a
class whose attributes give the index of each coordinate in the last axis
(`boxes[..., XYXY.LEFT]` is the left edge)."""


class XYXY:
    """Corners `(left, top, right, bottom)`, in pixels."""

    LEFT = 0
    TOP = 1
    RIGHT = 2
    BOTTOM = 3


class REL_XYXY:
    """Corners `(left, top, right, bottom)`, as fractions of the image's
    width and height."""

    LEFT = 0
    TOP = 1
    RIGHT = 2
    BOTTOM = 3


class YXYX:
    """Corners `(top, left, bottom, right)`, in pixels."""

    TOP = 0
    LEFT = 1
    BOTTOM = 2
    RIGHT = 3


class REL_YXYX:
    """Corners `(top, left, bottom, right)`, as fractions of the image's
    height and width."""

    TOP = 0
    LEFT = 1
    BOTTOM = 2
    RIGHT = 3


class XYWH:
    """Top-left corner and size `(x, y, width, height)`, in pixels."""

    X = 0
    Y = 1
    WIDTH = 2
    HEIGHT = 3


class REL_XYWH:
    """Top-left corner and size `(x, y, width, height)`, as fractions of
    the image's size."""

    X = 0
    Y = 1
    WIDTH = 2
    HEIGHT = 3


class CENTER_XYWH:
    """Center and size `(x, y, width, height)`, in pixels."""

    X = 0
    Y = 1
    WIDTH = 2
    HEIGHT = 3
