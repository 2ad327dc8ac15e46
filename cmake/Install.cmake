# Installing TrainPlanner like a desktop application: both programs, the examples, the
# freedesktop files (desktop entry, icon, MIME types, AppStream metainfo), man pages and bash
# completion, in the freedesktop layout; and a Debian package by CPack (scripts/package.sh).
include(GNUInstallDirs)

set(TP_APP_ID org.trainplanner.TrainPlanner)
set(_tp_desktop ${PROJECT_SOURCE_DIR}/resources/desktop)

install(TARGETS trainplanner-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${PROJECT_SOURCE_DIR}/docs/man/trainplanner-cli.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${PROJECT_SOURCE_DIR}/resources/completion/trainplanner-cli
  DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/resources/examples/ DESTINATION ${CMAKE_INSTALL_DATADIR}/trainplanner/examples
  FILES_MATCHING PATTERN "*.json")
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/docs/DESIGN.md ${PROJECT_SOURCE_DIR}/docs/FORMULAS.md
  ${PROJECT_SOURCE_DIR}/docs/MODEL.md ${PROJECT_SOURCE_DIR}/docs/FIDELITY.md DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/trainplanner) # Debian's name, not the project's capitalised one
install(FILES ${_tp_desktop}/${TP_APP_ID}.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages)

if(TRAINPLANNER_GUI)
  install(TARGETS trainplanner RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(FILES ${PROJECT_SOURCE_DIR}/docs/man/trainplanner.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  install(FILES ${_tp_desktop}/${TP_APP_ID}.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
  install(FILES ${_tp_desktop}/${TP_APP_ID}.svg DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
  install(FILES ${_tp_desktop}/${TP_APP_ID}.metainfo.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
endif()

# The Debian package: `cpack -G DEB` in a build configured with CMAKE_INSTALL_PREFIX=/usr.
set(CPACK_PACKAGE_NAME trainplanner)
set(CPACK_PACKAGE_VENDOR "TrainPlanner developers")
set(CPACK_PACKAGE_CONTACT "TrainPlanner developers <trainplanner@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "plan the GPUs, time and cost of training a large language model")
set(CPACK_PACKAGE_DESCRIPTION "TrainPlanner tells, before a cluster is rented, whether an LLM fits on each GPU,
how to split it (tensor, pipeline, data, context and expert parallelism, ZeRO/FSDP, recomputation),
how much traffic each step makes, and how long and how expensive the run is. A Qt desktop
application with live charts, and trainplanner-cli for scripts.")
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # trainplanner_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON) # Depends from the shared libraries actually linked (dpkg-shlibdeps)
# Qt loads its platform plugins at run time (xcb, wayland): no linked library names them.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-noto-cjk")
set(CPACK_PACKAGE_INSTALL_DIRECTORY trainplanner)
set(CPACK_STRIP_FILES ON)
include(CPack)
