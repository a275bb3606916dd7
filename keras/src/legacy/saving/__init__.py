"""Reading and writing the legacy HDF5 (`.h5`) model format."""
