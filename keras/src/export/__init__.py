"""Export of Keras models for inference outside Keras.

`ExportArchive` (in `saved_model.py`) writes TensorFlow SavedModels; each
backend supplies how its layers become TensorFlow functions
(`keras/src/backend/<name>/export.py`, the contract is in
`saved_model.py`). ONNX, OpenVINO and LiteRT start from the SavedModel's
endpoint. `TFSMLayer` loads a SavedModel back as a Keras layer.
TensorFlow and the converters are imported on first use.
"""

from keras.src.export.litert import LiteRTExporter
from keras.src.export.litert import export_litert
from keras.src.export.onnx import export_onnx
from keras.src.export.openvino import export_openvino
from keras.src.export.saved_model import ExportArchive
from keras.src.export.saved_model import export_saved_model
from keras.src.export.tfsm_layer import TFSMLayer
from keras.src.export.torch import export_torch
