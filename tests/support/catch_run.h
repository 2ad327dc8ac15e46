#pragma once

/// Runs Catch's session over the command line. Catch declares its Session only in the translation
/// unit that holds its implementation (catch_impl.cpp), so every main() calls this instead.
int runCatchSession(int argc, char** argv);
