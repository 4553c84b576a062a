# epochscope_add_unity_sources(<target> [GROUP <name>] [NO_PCH] BATCH <n>
#                              [OPTIONS <compile option>...] SOURCES <source>...):
# compiles <source>s in batches of <n>, each batch one translation unit that includes its
# sources. GROUP names the batch files where one target has several groups; NO_PCH keeps the
# target's precompiled header out of these batches; OPTIONS are added to the batches' own.
#
# Why: a source that includes LibTorch spends ~19 s even against the precompiled header,
# nearly all of it instantiating and generating code for the same LibTorch templates and
# inline functions again (GCC's -ftime-report on engine/train/trainingstate.cpp: 17 s of
# 19 s). Four engine sources took 68.6 s one by one and 22.0 s as one unit (2026-12-06).
#
# Why not CMake's UNITY_BUILD: it writes absolute paths into its batch files, so a clone in
# another folder (CI's) compiles different bytes and ccache never finds what this one built.
# These batches include each source by its path from the repository root, as the project's
# own includes do (cmake/EpochScopeCompilerCache.cmake).
#
# Sources that include the same widely included headers share batches: they are sorted by which
# of the project's headers they include (transitively), the header most of them include first,
# then the next, and so on. An edit of a header that a third of the engine includes
# (engine/core/phase.h: 13 of the 39 LibTorch sources) then recompiles the batches that hold its
# includers, 2 of the 5 LibTorch batches instead of all 5 (CONTRIBUTING.md has the figures); the
# header most of the engine includes, engine/i18n/translate.h, reaches no LibTorch source at all
# (docs/architecture.md). The order depends only on the tree, so every clone makes the same
# batches and ccache finds them.
#
# The sources stay in the target as HEADER_FILE_ONLY, so IDEs list them. They share one
# translation unit per batch: names at file scope, even in anonymous namespaces, must differ
# between the sources of a target (the build says which ones clash).
# EPOCHSCOPE_UNITY=OFF compiles every source on its own (to check that each one includes what
# it uses, or to rebuild one source at a time while working on it).
option(EPOCHSCOPE_UNITY "Compile the sources of the engine, the CLI, the UI and the LibTorch tests in batches (cmake/EpochScopeUnity.cmake)" ON)

# The project headers that `file` (a path from the repository root) includes, directly or
# through other project headers, remembered for the rest of the configure run.
function(_epochscope_project_includes file out_var)
  get_property(known GLOBAL PROPERTY "EPOCHSCOPE_INCLUDES_${file}" SET)
  if(known)
    get_property(result GLOBAL PROPERTY "EPOCHSCOPE_INCLUDES_${file}")
    set(${out_var} "${result}" PARENT_SCOPE)
    return()
  endif()
  # Marked first, so that two headers that include each other end the recursion.
  set_property(GLOBAL PROPERTY "EPOCHSCOPE_INCLUDES_${file}" "")
  file(STRINGS "${PROJECT_SOURCE_DIR}/${file}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
  set(result "")
  foreach(line IN LISTS lines)
    string(REGEX REPLACE "^[^\"]*\"([^\"]+)\".*$" "\\1" header "${line}")
    if(EXISTS "${PROJECT_SOURCE_DIR}/${header}" AND NOT IS_DIRECTORY "${PROJECT_SOURCE_DIR}/${header}")
      _epochscope_project_includes("${header}" nested)
      list(APPEND result "${header}" ${nested})
    endif()
  endforeach()
  list(REMOVE_DUPLICATES result)
  set_property(GLOBAL PROPERTY "EPOCHSCOPE_INCLUDES_${file}" "${result}")
  set(${out_var} "${result}" PARENT_SCOPE)
endfunction()

# `out_var`: the project's headers, the one that most of the programs' sources (engine, CLI,
# UI, app) include first, then by name; computed once per configure run. Counted over all the
# programs' sources, not one target's: what an edit of a header costs grows with its includers
# everywhere.
function(_epochscope_header_ranking out_var)
  get_property(known GLOBAL PROPERTY EPOCHSCOPE_HEADER_RANKING SET)
  if(known)
    get_property(ranked GLOBAL PROPERTY EPOCHSCOPE_HEADER_RANKING)
    set(${out_var} "${ranked}" PARENT_SCOPE)
    return()
  endif()
  file(GLOB_RECURSE program_sources RELATIVE "${PROJECT_SOURCE_DIR}"
       "${PROJECT_SOURCE_DIR}/engine/*.cpp" "${PROJECT_SOURCE_DIR}/cli/*.cpp"
       "${PROJECT_SOURCE_DIR}/ui/*.cpp" "${PROJECT_SOURCE_DIR}/app/*.cpp")
  list(SORT program_sources)
  set(counted "")
  foreach(path IN LISTS program_sources)
    _epochscope_project_includes("${path}" includes)
    foreach(header IN LISTS includes)
      string(MAKE_C_IDENTIFIER "${header}" id)
      if(NOT DEFINED count_${id})
        set(count_${id} 0)
        list(APPEND counted "${header}")
      endif()
      math(EXPR count_${id} "${count_${id}} + 1")
    endforeach()
  endforeach()
  # "99880|header" (120 includers) sorts before "99990|header" (10).
  set(ranked "")
  foreach(header IN LISTS counted)
    string(MAKE_C_IDENTIFIER "${header}" id)
    math(EXPR inverse "100000 - ${count_${id}}")
    list(APPEND ranked "${inverse}|${header}")
  endforeach()
  list(SORT ranked)
  list(TRANSFORM ranked REPLACE "^[0-9]+\\|" "")
  set_property(GLOBAL PROPERTY EPOCHSCOPE_HEADER_RANKING "${ranked}")
  set(${out_var} "${ranked}" PARENT_SCOPE)
endfunction()

# `out_var`: the paths from the repository root `paths`, sorted so that the includers of each
# header are together, the most included header first (see above); the given order breaks ties.
function(_epochscope_order_by_includes out_var)
  set(paths ${ARGN})
  _epochscope_header_ranking(ranked)
  # Each path's key: one character per ranked header, "0" where it includes it, then its place.
  set(keyed "")
  set(index 100000)
  foreach(path IN LISTS paths)
    _epochscope_project_includes("${path}" includes)
    set(key "")
    foreach(header IN LISTS ranked)
      if(header IN_LIST includes)
        string(APPEND key "0")
      else()
        string(APPEND key "1")
      endif()
    endforeach()
    list(APPEND keyed "${key}${index}|${path}")
    math(EXPR index "${index} + 1")
  endforeach()
  list(SORT keyed)
  list(TRANSFORM keyed REPLACE "^[01]*[0-9]+\\|" "")
  set(${out_var} "${keyed}" PARENT_SCOPE)
endfunction()

function(epochscope_add_unity_sources target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "NO_PCH" "BATCH;GROUP" "OPTIONS;SOURCES")
  if(NOT arg_GROUP)
    set(arg_GROUP "batch")
  endif()
  if(NOT EPOCHSCOPE_UNITY OR NOT arg_BATCH)
    target_sources(${target} PRIVATE ${arg_SOURCES})
    return()
  endif()
  set(batch_index 0)
  set(in_batch 0)
  set(content "")
  # Generated sources compile on their own: a batch names its sources from the repository root.
  set(sources "")
  foreach(source IN LISTS arg_SOURCES)
    get_filename_component(path "${source}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    string(FIND "${path}" "${PROJECT_BINARY_DIR}/" in_build_tree)
    if(in_build_tree EQUAL 0)
      target_sources(${target} PRIVATE "${path}")
    else()
      list(APPEND sources "${path}")
    endif()
  endforeach()
  set(from_root_paths "")
  foreach(path IN LISTS sources)
    file(RELATIVE_PATH from_root "${PROJECT_SOURCE_DIR}" "${path}")
    list(APPEND from_root_paths "${from_root}")
  endforeach()
  _epochscope_order_by_includes(from_root_paths ${from_root_paths})
  list(LENGTH sources remaining)
  foreach(from_root IN LISTS from_root_paths)
    string(APPEND content "#include \"${from_root}\"\n")
    math(EXPR in_batch "${in_batch} + 1")
    math(EXPR remaining "${remaining} - 1")
    if(in_batch EQUAL arg_BATCH OR remaining EQUAL 0)
      set(batch_file "${CMAKE_CURRENT_BINARY_DIR}/unity/${target}_${arg_GROUP}_${batch_index}.cpp")
      # file(CONFIGURE) leaves an unchanged file alone, so a reconfigure rebuilds nothing.
      file(CONFIGURE OUTPUT "${batch_file}"
           CONTENT "// Generated by cmake/EpochScopeUnity.cmake: one translation unit of ${target}.\n${content}")
      target_sources(${target} PRIVATE "${batch_file}")
      # GCC warns about a class that holds a type from an anonymous namespace only where the
      # class is declared in an included file, which a batch makes of every source.
      set_source_files_properties("${batch_file}" PROPERTIES
        COMPILE_OPTIONS "-Wno-subobject-linkage;${arg_OPTIONS}")
      if(arg_NO_PCH)
        set_source_files_properties("${batch_file}" PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
      endif()
      math(EXPR batch_index "${batch_index} + 1")
      set(in_batch 0)
      set(content "")
    endif()
  endforeach()
  target_sources(${target} PRIVATE ${sources})
  set_source_files_properties(${sources} PROPERTIES HEADER_FILE_ONLY ON)
endfunction()
