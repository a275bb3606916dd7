"""`keras.datasets`: small, classic datasets as NumPy arrays.

Each module's `load_data` downloads its files once with
`keras.utils.get_file` into `~/.keras/datasets` (or `$KERAS_HOME/datasets`),
checks them against a known hash, and reads them back as NumPy arrays.
A cached file with the right hash is used without network access. Files
that contain pickles are read with `npz_utils.RestrictedUnpickler`, which
refuses to run code.
"""

from keras.src.datasets import boston_housing
from keras.src.datasets import california_housing
from keras.src.datasets import cifar10
from keras.src.datasets import cifar100
from keras.src.datasets import fashion_mnist
from keras.src.datasets import imdb
from keras.src.datasets import mnist
from keras.src.datasets import reuters
