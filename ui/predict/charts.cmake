# The Predict view's charts (ui/predict): included by ui/CMakeLists.txt into epochscope_ui.
# Paths are relative to ui/.
set(EPOCHSCOPE_UI_PREDICT_CHART_SOURCES
  predict/confusionmatrixchart.cpp
  predict/predictedserieschart.cpp
  predict/predictionscatterchart.cpp
  predict/residualhistogramchart.cpp
  predict/rocchart.cpp
)
