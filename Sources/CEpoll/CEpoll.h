// epoll and eventfd, which Swift's Glibc module does not import: the transport's event loops
// poll their sockets with them (docs/design.md "The server"). Both are part of the C library;
// nothing is linked.
#include <sys/epoll.h>
#include <sys/eventfd.h>
