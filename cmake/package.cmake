# Installing nimcert and packaging it for Debian (CPack): `cmake --install build --prefix P`
# gives P/bin/nimcert, its manual page and its documentation; scripts/package.sh builds the
# package nimcert_VERSION_amd64.deb, which depends on the Debian solvers it runs (cvc5, mona;
# Z3 is linked, its library found by dpkg-shlibdeps with the others).  Only the nimcert
# binary is installed: the libraries of the layers are static.
#
# The documentation keeps the repository's layout under share/doc/nimcert (README.md at the top,
# docs/ with its examples and images, certs/ with the committed proofs and certificates), so that
# every relative link of the Markdown files resolves in the installed tree as it does in the
# repository (tests/package_test.cpp walks them).  `install` and CPack's preinstall step build
# only what is installed, the nimcert binary (CMAKE_SKIP_INSTALL_ALL_DEPENDENCY: never the
# tests, benches or fuzzers; scripts/package.sh builds the one target first).
include(GNUInstallDirs)
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY TRUE)
install(TARGETS nimcert RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${CMAKE_SOURCE_DIR}/docs/nimcert.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${CMAKE_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs
        FILES_MATCHING PATTERN "*.md" PATTERN "*.png" PATTERN "*.proof")
install(DIRECTORY ${CMAKE_SOURCE_DIR}/certs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/certs
        FILES_MATCHING PATTERN "*.proof" PATTERN "*.cert.json")

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME nimcert)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "certificate-generating checker of Sprague-Grundy proofs about Nim-like games")
string(CONCAT CPACK_PACKAGE_DESCRIPTION
       "nimcert checks proofs that the Grundy values of a Nim-like game follow a closed "
       "formula, in independent ways (Z3 and cvc5 on bit-vector queries, DRAT proofs by CaDiCaL "
       "checked by its own checkers, MONA for every "
       "natural, exact mex computations, enumeration), and writes a certificate of every "
       "outcome.")
set(CPACK_PACKAGE_CONTACT "nimcert developers <nimcert@localhost>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # nimcert_VERSION_ARCH.deb
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)  # libz3-4, libcairo2, libssl3, libgmp10, ... found
set(CPACK_DEBIAN_PACKAGE_DEPENDS "cvc5, mona, z3, cadical")
# git for `gate --base`; a C++ compiler for the native enumeration (else the slower batch one).
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "git, g++")
include(CPack)
