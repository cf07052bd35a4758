// libcurl's easy interface, loaded when the first request is made rather
// than linked: a process that never fetches never maps libcurl and the
// libraries it brings (TLS, Kerberos, LDAP, HTTP/2, ...). The option and
// information numbers are libcurl's stable ABI values; the variadic
// curl_easy_setopt and curl_easy_getinfo are called through typed
// wrappers, so Swift never calls a C variadic function.
#ifndef CCURL_H
#define CCURL_H

#include <stddef.h>
#include <stdint.h>

/// Loads libcurl (libcurl.so.4 on Linux, libcurl.4.dylib on Apple
/// platforms) once per process and initialises it. Returns 0 on success;
/// otherwise writes why, NUL-terminated, into `error`.
int ccurl_load(char *error, size_t capacity);

void *ccurl_easy_init(void);
void ccurl_easy_cleanup(void *handle);
int ccurl_easy_perform(void *handle);
const char *ccurl_easy_strerror(int code);

int ccurl_setopt_long(void *handle, int option, long value);
int ccurl_setopt_pointer(void *handle, int option, const void *value);
int ccurl_setopt_off(void *handle, int option, int64_t value);

/// CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION.
typedef size_t (*ccurl_data_callback)(char *data, size_t size, size_t count, void *context);
int ccurl_setopt_data_callback(void *handle, int option, ccurl_data_callback callback);
/// CURLOPT_XFERINFOFUNCTION.
typedef int (*ccurl_progress_callback)(void *context, int64_t downloadTotal, int64_t downloaded, int64_t uploadTotal, int64_t uploaded);
int ccurl_setopt_progress_callback(void *handle, int option, ccurl_progress_callback callback);

int ccurl_getinfo_long(void *handle, int info, long *value);
int ccurl_getinfo_string(void *handle, int info, const char **value);
int ccurl_getinfo_off(void *handle, int info, int64_t *value);

void *ccurl_slist_append(void *list, const char *text);
void ccurl_slist_free_all(void *list);

// Options (CURLOPT_*).
enum {
    CCURLOPT_WRITEDATA = 10001,
    CCURLOPT_URL = 10002,
    CCURLOPT_ERRORBUFFER = 10010,
    CCURLOPT_WRITEFUNCTION = 20011,
    CCURLOPT_POSTFIELDS = 10015,
    CCURLOPT_HTTPHEADER = 10023,
    CCURLOPT_HEADERDATA = 10029,
    CCURLOPT_NOPROGRESS = 43,
    CCURLOPT_POST = 47,
    CCURLOPT_FOLLOWLOCATION = 52,
    CCURLOPT_XFERINFODATA = 10057,
    CCURLOPT_MAXREDIRS = 68,
    CCURLOPT_HEADERFUNCTION = 20079,
    CCURLOPT_HTTPGET = 80,
    CCURLOPT_NOSIGNAL = 99,
    CCURLOPT_ACCEPT_ENCODING = 10102,
    CCURLOPT_MAXFILESIZE_LARGE = 30117,
    CCURLOPT_POSTFIELDSIZE_LARGE = 30120,
    CCURLOPT_TIMEOUT_MS = 155,
    CCURLOPT_REDIR_PROTOCOLS = 182,
    CCURLOPT_XFERINFOFUNCTION = 20219,
    CCURLOPT_PROTOCOLS_STR = 10318,
    CCURLOPT_REDIR_PROTOCOLS_STR = 10319,
};

// Information (CURLINFO_*).
enum {
    CCURLINFO_EFFECTIVE_URL = 0x100000 + 1,
    CCURLINFO_RESPONSE_CODE = 0x200000 + 2,
    CCURLINFO_CONTENT_LENGTH_DOWNLOAD_T = 0x600000 + 15,
    CCURLINFO_REDIRECT_URL = 0x100000 + 31,
};

// Results (CURLE_*).
enum {
    CCURLE_OK = 0,
    CCURLE_UNSUPPORTED_PROTOCOL = 1,
    CCURLE_URL_MALFORMAT = 3,
    CCURLE_WRITE_ERROR = 23,
    CCURLE_OPERATION_TIMEDOUT = 28,
    CCURLE_ABORTED_BY_CALLBACK = 42,
    CCURLE_TOO_MANY_REDIRECTS = 47,
    CCURLE_FILESIZE_EXCEEDED = 63,
    CCURLE_UNKNOWN_OPTION = 48,
};

/// CURL_ERROR_SIZE: the room CURLOPT_ERRORBUFFER needs.
#define CCURL_ERROR_SIZE 256

#endif
