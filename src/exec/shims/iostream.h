// The pre-standard <iostream.h> of old compilers (Visual C++ 6, Turbo C++), which the JLU course's
// judge program includes: the standard header, its names in the global namespace.
#ifndef MINEJUDGE_SHIM_IOSTREAM_H
#define MINEJUDGE_SHIM_IOSTREAM_H
#include <iostream>
using namespace std;
#endif
