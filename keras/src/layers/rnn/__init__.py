"""Recurrent layers: the `RNN` loop, its cells, and the wrappers that
apply layers along a sequence (`TimeDistributed`, `Bidirectional`)."""
