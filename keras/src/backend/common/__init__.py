"""Backend-neutral pieces: dtypes and promotion, `KerasTensor`,
`KerasVariable`, name scopes, stateless scopes and global state."""
