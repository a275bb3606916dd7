"""Keras 2's data preprocessing utilities (`tf.keras.preprocessing`):
`ImageDataGenerator` and its iterators, the text `Tokenizer`, and
`TimeseriesGenerator`, `skipgrams` and `make_sampling_table` for
sequences. Keras 3 replaced them with preprocessing layers and
`keras.utils.*_dataset_from_*`; they are kept for Keras 2 code."""
