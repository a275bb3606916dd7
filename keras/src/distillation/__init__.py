"""Knowledge distillation (`keras.distillation`).

A `Distiller` trains a student model on a weighted sum of its own loss
(against the labels) and of distillation losses that compare it with a
frozen teacher model. The distillation losses live in
`distillation_loss.py` (the base class `DistillationLoss` and its two
built-in variants, as Keras places them); the model in `distiller.py`.

Rules:
- The teacher never trains: the `Distiller` freezes it and stops
  gradients at its outputs, so its weights sit in the distiller's
  non-trainable variables and the optimizer only sees the student's.
- The `Distiller` plugs into the trainer only through public hooks
  (`call`, `compute_loss`, `compile`, `metrics`), so the same code runs
  on every backend and under every compiler.
"""
