# The dashboard's live charts (docs/gui.md): included by ui/CMakeLists.txt into epochscope_ui.
# Paths are relative to ui/.
set(EPOCHSCOPE_UI_PLOT_SOURCES
    plots/qcustomplotinclude.h
    plots/phasepalette.h
    plots/phasepalette.cpp
    plots/bandgraph.h
    plots/bandgraph.cpp
    plots/stepbuckets.h
    plots/stepbuckets.cpp
    plots/runchart.h
    plots/runchart.cpp
    plots/stepchart.h
    plots/stepchart.cpp
    plots/batchphasechart.h
    plots/batchphasechart.cpp
    plots/transferchart.h
    plots/transferchart.cpp
    plots/rankstepchart.h
    plots/rankstepchart.cpp
    plots/epochphasechart.h
    plots/epochphasechart.cpp
    plots/utilisationchart.h
    plots/utilisationchart.cpp
    plots/losschart.h
    plots/losschart.cpp
)
