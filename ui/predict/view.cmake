# The Predict view (ui/predict) without its charts: the panel, its job and the PyTorch export
# dialog. Included by ui/CMakeLists.txt into epochscope_ui. Paths are relative to ui/.
set(EPOCHSCOPE_UI_PREDICT_VIEW_SOURCES
  predict/predictionmetricstable.cpp
  predict/predictionresultview.cpp
  predict/predictjob.cpp
  predict/predictpanel.cpp
  predict/predictsetup.cpp
  predict/textscorebox.cpp
  predict/checkpointpicker.h
  predict/checkpointpicker.cpp
  predict/pytorchexportdialog.h
  predict/pytorchexportdialog.cpp
)
