// The pre-standard <iomanip.h> of old compilers (Visual C++ 6, Turbo C++), which the JLU course's
// judge program includes: the standard header, its names in the global namespace.
#ifndef MINEJUDGE_SHIM_IOMANIP_H
#define MINEJUDGE_SHIM_IOMANIP_H
#include <iomanip>
using namespace std;
#endif
