// The pre-standard <fstream.h> of old compilers (Visual C++ 6, Turbo C++), which the JLU course's
// judge program includes: the standard header, its names in the global namespace.
#ifndef MINEJUDGE_SHIM_FSTREAM_H
#define MINEJUDGE_SHIM_FSTREAM_H
#include <fstream>
using namespace std;
#endif
