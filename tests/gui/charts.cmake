# The dashboard's live charts (ui/plots), run offscreen. Included by tests/gui/CMakeLists.txt.
epochscope_add_test(tst_charts "${CMAKE_CURRENT_LIST_DIR}/tst_charts.cpp")
target_link_libraries(tst_charts PRIVATE epochscope_ui Qt6::Widgets)
