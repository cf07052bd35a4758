#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

typedef void *(*easy_init_fn)(void);
typedef void (*easy_cleanup_fn)(void *);
typedef int (*easy_perform_fn)(void *);
typedef const char *(*easy_strerror_fn)(int);
typedef int (*easy_setopt_fn)(void *, int, ...);
typedef int (*easy_getinfo_fn)(void *, int, ...);
typedef void *(*slist_append_fn)(void *, const char *);
typedef void (*slist_free_all_fn)(void *);
typedef int (*global_init_fn)(long);

static struct {
    easy_init_fn easy_init;
    easy_cleanup_fn easy_cleanup;
    easy_perform_fn easy_perform;
    easy_strerror_fn easy_strerror;
    easy_setopt_fn easy_setopt;
    easy_getinfo_fn easy_getinfo;
    slist_append_fn slist_append;
    slist_free_all_fn slist_free_all;
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[512];

static void *symbol(void *library, const char *name) {
    void *address = dlsym(library, name);
    if (address == NULL && load_error[0] == 0) {
        snprintf(load_error, sizeof load_error, "libcurl has no %s", name);
    }
    return address;
}

static void load(void) {
#if defined(__APPLE__)
    static const char *const names[] = {"libcurl.4.dylib", "/usr/lib/libcurl.4.dylib", NULL};
#else
    static const char *const names[] = {"libcurl.so.4", "libcurl.so", NULL};
#endif
    void *library = NULL;
    for (int index = 0; names[index] != NULL && library == NULL; index++) {
        library = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "cannot load libcurl (%s); install it (Debian and Ubuntu: apt-get install libcurl4)",
                 reason != NULL ? reason : names[0]);
        return;
    }
    global_init_fn global_init = (global_init_fn)symbol(library, "curl_global_init");
    curl.easy_init = (easy_init_fn)symbol(library, "curl_easy_init");
    curl.easy_cleanup = (easy_cleanup_fn)symbol(library, "curl_easy_cleanup");
    curl.easy_perform = (easy_perform_fn)symbol(library, "curl_easy_perform");
    curl.easy_strerror = (easy_strerror_fn)symbol(library, "curl_easy_strerror");
    curl.easy_setopt = (easy_setopt_fn)symbol(library, "curl_easy_setopt");
    curl.easy_getinfo = (easy_getinfo_fn)symbol(library, "curl_easy_getinfo");
    curl.slist_append = (slist_append_fn)symbol(library, "curl_slist_append");
    curl.slist_free_all = (slist_free_all_fn)symbol(library, "curl_slist_free_all");
    if (load_error[0] != 0) return;
    // CURL_GLOBAL_DEFAULT: SSL (and, on Windows, Winsock).
    if (global_init(3) != 0) snprintf(load_error, sizeof load_error, "curl_global_init failed");
}

int ccurl_load(char *error, size_t capacity) {
    pthread_once(&load_once, load);
    if (load_error[0] == 0) return 0;
    if (capacity > 0) {
        strncpy(error, load_error, capacity - 1);
        error[capacity - 1] = 0;
    }
    return -1;
}

void *ccurl_easy_init(void) { return curl.easy_init(); }
void ccurl_easy_cleanup(void *handle) { curl.easy_cleanup(handle); }
int ccurl_easy_perform(void *handle) { return curl.easy_perform(handle); }
const char *ccurl_easy_strerror(int code) { return curl.easy_strerror(code); }

int ccurl_setopt_long(void *handle, int option, long value) { return curl.easy_setopt(handle, option, value); }
int ccurl_setopt_pointer(void *handle, int option, const void *value) { return curl.easy_setopt(handle, option, value); }
int ccurl_setopt_off(void *handle, int option, int64_t value) { return curl.easy_setopt(handle, option, (long long)value); }
int ccurl_setopt_data_callback(void *handle, int option, ccurl_data_callback callback) {
    return curl.easy_setopt(handle, option, callback);
}
int ccurl_setopt_progress_callback(void *handle, int option, ccurl_progress_callback callback) {
    return curl.easy_setopt(handle, option, callback);
}

int ccurl_getinfo_long(void *handle, int info, long *value) { return curl.easy_getinfo(handle, info, value); }
int ccurl_getinfo_string(void *handle, int info, const char **value) { return curl.easy_getinfo(handle, info, value); }
int ccurl_getinfo_off(void *handle, int info, int64_t *value) {
    long long off = 0;
    int result = curl.easy_getinfo(handle, info, &off);
    *value = (int64_t)off;
    return result;
}

void *ccurl_slist_append(void *list, const char *text) { return curl.slist_append(list, text); }
void ccurl_slist_free_all(void *list) { curl.slist_free_all(list); }
