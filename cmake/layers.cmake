# One static library per source folder ("layer"), whose headers are reachable only by the
# libraries that link it.
#
# Every layer's include root is a folder of its own under the build tree holding one symbolic
# link, named like the source folder, to that folder.  A library therefore sees
# "engines/cube_engine.hpp" only when it links nimcert_engines (publicly or through a public
# dependency): an include against the allowed directions of docs/architecture.md is a
# compile error, not a review comment.  scripts/check-layers.sh checks the same table on the
# sources, so the two cannot drift apart unnoticed.
function(nimcert_layer target folder)
  cmake_parse_arguments(LAYER "" "" "SOURCES;PUBLIC;PRIVATE" ${ARGN})
  add_library(${target} STATIC ${LAYER_SOURCES})
  get_filename_component(leaf ${folder} NAME)
  set(root ${CMAKE_BINARY_DIR}/layers/${target})
  file(MAKE_DIRECTORY ${root})
  if(NOT EXISTS ${root}/${leaf})
    file(CREATE_LINK ${CMAKE_CURRENT_SOURCE_DIR}/${folder} ${root}/${leaf} SYMBOLIC)
  endif()
  target_include_directories(${target} PUBLIC ${root})
  target_link_libraries(${target} PUBLIC ${LAYER_PUBLIC} PRIVATE ${LAYER_PRIVATE})
endfunction()
