from keras.src.version import __version__
