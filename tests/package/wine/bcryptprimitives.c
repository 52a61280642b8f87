/* A stand-in for Windows' bcryptprimitives.dll, which Wine 8.0 (Debian 12's) lacks. Rust's
 * standard library (1.78+) takes its random bytes (HashMap seeds) from its ProcessPrng, present
 * on every Windows 10 and newer. This one asks RtlGenRandom (advapi32's SystemFunction036)
 * instead. Used only in the Wine prefix of tests/package/windows.test.cjs; never shipped.
 * Build: x86_64-w64-mingw32-gcc -shared -o bcryptprimitives.dll bcryptprimitives.c -ladvapi32 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
  while (length > 0) {
    ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
    if (!SystemFunction036(data, chunk)) return FALSE;
    data += chunk;
    length -= chunk;
  }
  return TRUE;
}
