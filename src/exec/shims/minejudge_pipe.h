// The drivers' side of their conversation with stress, on the stdin and stdout the driver was
// started with (kept as in_fd and out_fd before the student's streams are moved away): bytes
// read through one buffer, integers parsed by hand, writes that end the process when stress
// is gone. One copy for the drivers of jlu-machine and acm-client.
#ifndef MINEJUDGE_PIPE_H
#define MINEJUDGE_PIPE_H

#include <fcntl.h>
#include <stddef.h>
#include <stdlib.h>
#include <unistd.h>

namespace minejudge_driver {

int in_fd = -1;
int out_fd = -1;
char buffer[1 << 16];
int filled = 0;
int at = 0;

// The next byte; -1 at the end of the input.
int next_byte() {
  if (at == filled) {
    filled = (int)read(in_fd, buffer, sizeof buffer);
    at = 0;
    if (filled <= 0) {
      filled = 0;
      return -1;
    }
  }
  return (unsigned char)buffer[at++];
}

// The next integer; false at the end of the input.
bool next_int(long long &value) {
  int c = next_byte();
  while (c == ' ' || c == '\n' || c == '\r' || c == '\t') c = next_byte();
  if (c < 0) return false;
  bool negative = c == '-';
  if (negative) c = next_byte();
  value = 0;
  while (c >= '0' && c <= '9') {
    value = value * 10 + (c - '0');
    c = next_byte();
  }
  if (negative) value = -value;
  return true;
}

// Keeps the stdin and stdout this process was started with for the conversation (in_fd and
// out_fd); the student's stdin becomes empty and their stdout goes to stderr, so that nothing
// they print is taken for an answer.
void take_conversation() {
  in_fd = dup(0);
  out_fd = dup(1);
  int nothing = open("/dev/null", O_RDONLY);
  dup2(nothing, 0);
  dup2(2, 1);
}

void write_all(const char *text, size_t length) {
  while (length > 0) {
    ssize_t written = write(out_fd, text, length);
    if (written <= 0) exit(0);  // stress is gone
    text += written;
    length -= (size_t)written;
  }
}

}  // namespace minejudge_driver

#endif
