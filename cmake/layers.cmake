# One static library per source folder ("layer"), whose headers are reachable only by the
# libraries that link it.
#
# Every layer's include root is a folder of its own under the build tree holding one symbolic
# link, named like the source folder, to that folder.  A library therefore sees
# "engines/cube_engine.hpp" only when it links nimcert_engines (publicly or through a public
# dependency): an include against the allowed directions of docs/architecture.md is a
# compile error, not a review comment.  scripts/check-layers.sh checks the same table on the
# sources, so the two cannot drift apart unnoticed.
#
# A layer compiles as one unity source (NIMCERT_UNITY, on by default; NIMCERT_UNITY_BATCH
# sources a batch, 0 for the whole layer): every source parses the same large headers
# (nlohmann/json, fmt, CLI11, the layers below), and a batch parses them once.  On 2 cores, with
# Ninja, the layers took 752 s of compile jobs one source at a time, 256 s in batches of 16 and
# about 220 s a layer at a time (the nimcert target in 129 s from a new folder).
# The price is that names in a source's anonymous namespace must differ from those of the
# other sources of its layer (docs/architecture.md, "How it compiles").  For quick edits of one
# source, -DNIMCERT_UNITY=OFF.
option(NIMCERT_UNITY "Compile each layer in unity batches" ON)
set(NIMCERT_UNITY_BATCH 0 CACHE STRING "Sources per unity batch of a layer (0: the whole layer)")
function(nimcert_layer target folder)
  cmake_parse_arguments(LAYER "" "" "SOURCES;PUBLIC;PRIVATE" ${ARGN})
  add_library(${target} STATIC ${LAYER_SOURCES})
  set_target_properties(${target} PROPERTIES UNITY_BUILD ${NIMCERT_UNITY}
                                             UNITY_BUILD_BATCH_SIZE ${NIMCERT_UNITY_BATCH})
  get_filename_component(leaf ${folder} NAME)
  set(root ${CMAKE_BINARY_DIR}/layers/${target})
  file(MAKE_DIRECTORY ${root})
  if(NOT EXISTS ${root}/${leaf})
    file(CREATE_LINK ${CMAKE_CURRENT_SOURCE_DIR}/${folder} ${root}/${leaf} SYMBOLIC)
  endif()
  target_include_directories(${target} PUBLIC ${root})
  target_link_libraries(${target} PUBLIC ${LAYER_PUBLIC} PRIVATE ${LAYER_PRIVATE})
endfunction()
