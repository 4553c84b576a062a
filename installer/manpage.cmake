# Writes a gzipped man page for one program with help2man (run with cmake -P, from
# installer/packaging.cmake):
#   -DPROGRAM=<built program> -DNAME=<its installed name> -DINCLUDE=<.h2m file>
#   -DOUTPUT=<page>.1.gz -DHELP2MAN=<help2man> -DGZIP=<gzip>
# A program whose --help lists "Subcommands:" (CLI11) gets a COMMANDS section with each
# subcommand's own --help, two levels deep (`runs export`), so that the page is complete.

cmake_minimum_required(VERSION 3.21)

foreach(_var IN ITEMS PROGRAM NAME INCLUDE OUTPUT HELP2MAN GZIP)
  if(NOT DEFINED ${_var})
    message(FATAL_ERROR "manpage.cmake: -D${_var}=... is required")
  endif()
endforeach()

get_filename_component(_work "${OUTPUT}" DIRECTORY)
set(_work "${_work}/${NAME}.work")
file(REMOVE_RECURSE "${_work}")
file(MAKE_DIRECTORY "${_work}/runtime")
file(CHMOD "${_work}/runtime" DIRECTORY_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)

# The help texts print defaults computed from the environment (the run database under $HOME);
# the page shows them as any user reads them. The GUI needs a platform plugin to build its
# help, and a private runtime directory keeps Qt from warning about a missing one.
set(ENV{HOME} "~")
unset(ENV{XDG_DATA_HOME})
set(ENV{XDG_RUNTIME_DIR} "${_work}/runtime")
set(ENV{QT_QPA_PLATFORM} "offscreen")
set(ENV{LC_ALL} "C.UTF-8")
# Help texts wrap at the terminal's width where a program asks for it.
set(ENV{COLUMNS} "80")

# Turns plain help text into a no-fill troff block: backslashes escaped, hyphens made
# minus signs (they are options to type), and lines that troff would read as requests guarded.
function(_epochscope_troff_block text out)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REPLACE "-" "\\-" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${out} ".nf\n${text}\n.fi\n" PARENT_SCOPE)
endfunction()

# The help of `${PROGRAM} ${ARGN} --help` without the footer every level repeats.
function(_epochscope_help out)
  execute_process(COMMAND "${PROGRAM}" ${ARGN} --help
                  OUTPUT_VARIABLE help RESULT_VARIABLE status ERROR_QUIET)
  if(NOT status EQUAL 0)
    string(JOIN " " words ${ARGN})
    message(FATAL_ERROR "manpage.cmake: `${NAME} ${words} --help` exited with ${status}")
  endif()
  string(FIND "${help}" "\nExit status:" footer)
  if(footer GREATER -1)
    string(SUBSTRING "${help}" 0 ${footer} help)
  endif()
  string(STRIP "${help}" help)
  set(${out} "${help}" PARENT_SCOPE)
endfunction()

# The names listed under "Subcommands:" in a CLI11 help text.
function(_epochscope_subcommands help out)
  set(names "")
  string(FIND "${help}" "\nSubcommands:\n" start)
  if(start GREATER -1)
    string(SUBSTRING "${help}" ${start} -1 rest)
    string(REPLACE "\n" ";" lines "${rest}")
    list(POP_FRONT lines)  # the empty piece before the first newline
    list(POP_FRONT lines)  # "Subcommands:"
    foreach(line IN LISTS lines)
      if(line MATCHES "^  ([a-z][a-z0-9-]*)( |$)")
        list(APPEND names "${CMAKE_MATCH_1}")
      elseif(NOT line MATCHES "^   ")
        break()  # the first line that is neither an entry nor its wrapped description
      endif()
    endforeach()
  endif()
  set(${out} "${names}" PARENT_SCOPE)
endfunction()

set(_generated_include "${_work}/commands.h2m")
_epochscope_help(_top)
_epochscope_subcommands("${_top}" _commands)
set(_text "")
foreach(_command IN LISTS _commands)
  _epochscope_help(_help ${_command})
  _epochscope_troff_block("${_help}" _block)
  string(APPEND _text ".SS \"${_command}\"\n${_block}")
  _epochscope_subcommands("${_help}" _children)
  foreach(_child IN LISTS _children)
    _epochscope_help(_help ${_command} ${_child})
    _epochscope_troff_block("${_help}" _block)
    string(APPEND _text ".SS \"${_command} ${_child}\"\n${_block}")
  endforeach()
endforeach()
set(_includes "--include=${INCLUDE}")
if(_text)
  file(WRITE "${_generated_include}" "[COMMANDS]\nEach command's own \\fB\\-\\-help\\fR:\n${_text}")
  list(APPEND _includes "--include=${_generated_include}")
endif()

# The first line of --version is the version; what follows (the CLI's LibTorch line) describes
# the machine that built the page, not the reader's.
execute_process(COMMAND "${PROGRAM}" --version OUTPUT_VARIABLE _version RESULT_VARIABLE _status
                ERROR_QUIET)
if(NOT _status EQUAL 0)
  message(FATAL_ERROR "manpage.cmake: `${NAME} --version` exited with ${_status}")
endif()
string(REGEX REPLACE "\n.*" "" _version "${_version}")

string(REGEX REPLACE "\\.gz$" "" _page "${OUTPUT}")
execute_process(
  COMMAND "${HELP2MAN}" --no-info --section=1 "--version-string=${_version}" ${_includes}
          --output=${_page} "${PROGRAM}"
  RESULT_VARIABLE _status)
if(NOT _status EQUAL 0)
  message(FATAL_ERROR "manpage.cmake: help2man failed for ${NAME} (${_status})")
endif()

# help2man names the page after the file it ran; the installed program has no build path.
file(READ "${_page}" _troff)
string(REPLACE "${PROGRAM}" "${NAME}" _troff "${_troff}")
file(WRITE "${_page}" "${_troff}")

# -n: no name or time stamp in the gzip header, so the page is the same at every build.
execute_process(COMMAND "${GZIP}" -9nf "${_page}" RESULT_VARIABLE _status)
if(NOT _status EQUAL 0)
  message(FATAL_ERROR "manpage.cmake: gzip failed for ${_page} (${_status})")
endif()
file(REMOVE_RECURSE "${_work}")
