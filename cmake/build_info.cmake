# Writes build_info.hpp with the current git commit; run at every build (see CMakeLists.txt)
# so that a build folder reused across commits never records a stale commit.  configure_file
# leaves the file untouched when nothing changed, so nothing is recompiled then.
#   cmake -DSOURCE_DIR=... -DTEMPLATE=... -DOUTPUT=... -DPROJECT_VERSION=...
#         -DNIMCERT_COMPILER=... -P build_info.cmake
execute_process(COMMAND git rev-parse HEAD WORKING_DIRECTORY ${SOURCE_DIR}
                OUTPUT_VARIABLE NIMCERT_GIT_COMMIT OUTPUT_STRIP_TRAILING_WHITESPACE
                ERROR_QUIET)
if(NOT NIMCERT_GIT_COMMIT)
  set(NIMCERT_GIT_COMMIT "unknown")
endif()
configure_file(${TEMPLATE} ${OUTPUT} @ONLY)
