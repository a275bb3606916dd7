"""Callbacks: objects the training loops call at the start and end of
training, epochs and batches (`keras.callbacks`).

Rules, and why:

- The trainer owns the loop; callbacks only see `model`, `params` and the
  `logs` dicts. `CallbackList` passes logs on untouched, so values may be
  backend tensors: a callback converts them only where it needs a number
  (`monitor_callback.to_float`), to spare the loop a device sync per
  batch.
- Files are written atomically (temporary file, then `os.replace`).
- Optional packages (`requests`, `tensorboard`, `orbax-checkpoint`) are
  imported on first use (`optional_import.import_optional`,
  `module_utils.ocp`).
"""

# Re-exports, for `keras.src.callbacks.EarlyStopping` and the like.
# ruff: noqa: F401
from keras.src.callbacks.backup_and_restore import BackupAndRestore
from keras.src.callbacks.callback import Callback
from keras.src.callbacks.callback_list import CallbackList
from keras.src.callbacks.csv_logger import CSVLogger
from keras.src.callbacks.early_stopping import EarlyStopping
from keras.src.callbacks.history import History
from keras.src.callbacks.lambda_callback import LambdaCallback
from keras.src.callbacks.learning_rate_scheduler import (
    LearningRateScheduler,
)
from keras.src.callbacks.model_checkpoint import ModelCheckpoint
from keras.src.callbacks.monitor_callback import MonitorCallback
from keras.src.callbacks.orbax_checkpoint import OrbaxCheckpoint
from keras.src.callbacks.progbar_logger import ProgbarLogger
from keras.src.callbacks.reduce_lr_on_plateau import ReduceLROnPlateau
from keras.src.callbacks.remote_monitor import RemoteMonitor
from keras.src.callbacks.swap_ema_weights import SwapEMAWeights
from keras.src.callbacks.tensorboard import TensorBoard
from keras.src.callbacks.terminate_on_nan import TerminateOnNaN
