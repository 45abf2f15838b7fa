#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H

#include <curl/curl.h>

// NB: Swift cannot call C variadic functions, so `curl_easy_setopt`, `curl_easy_getinfo` and
// `curl_multi_setopt` are reached through these typed wrappers, one per argument type. The
// macros Swift cannot import (`CURLVERSION_NOW`, the `CURLMsg` union) get small functions too.

/// Sets an option that takes a `long` (flags, counts, milliseconds).
static inline CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

/// Sets an option that takes a `curl_off_t` (sizes that may exceed `long`).
static inline CURLcode ccurl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(handle, option, value);
}

/// Sets an option that takes a C string; libcurl copies the string.
static inline CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
  return curl_easy_setopt(handle, option, value);
}

/// Sets an option that takes an untyped pointer (`CURLOPT_WRITEDATA`, `CURLOPT_ERRORBUFFER`, …).
static inline CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
  return curl_easy_setopt(handle, option, value);
}

/// Sets `CURLOPT_WRITEFUNCTION`, the callback that receives the response body.
static inline CURLcode ccurl_easy_setopt_write_function(CURL *handle, curl_write_callback callback) {
  return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
}

/// Limits a handle to plain HTTP and HTTPS, for the request and for any redirect.
static inline CURLcode ccurl_easy_allow_http_only(CURL *handle) {
#if LIBCURL_VERSION_NUM >= 0x075500
  CURLcode code = curl_easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
  if (code != CURLE_OK) return code;
  return curl_easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
#else
  CURLcode code = curl_easy_setopt(handle, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
  if (code != CURLE_OK) return code;
  return curl_easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
}

/// Reads information that is a `long` (`CURLINFO_RESPONSE_CODE`, …).
static inline CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}

/// Reads information that is a `curl_off_t` (`CURLINFO_SIZE_DOWNLOAD_T`, …).
static inline CURLcode ccurl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
  return curl_easy_getinfo(handle, info, value);
}

/// Reads information that is a C string owned by the handle (`CURLINFO_EFFECTIVE_URL`, …).
static inline CURLcode ccurl_easy_getinfo_string(CURL *handle, CURLINFO info, const char **value) {
  return curl_easy_getinfo(handle, info, value);
}

/// Sets a multi-handle option that takes a `long` (`CURLMOPT_MAXCONNECTS`, …).
static inline CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
  return curl_multi_setopt(multi, option, value);
}

/// The result code of a finished transfer's `CURLMSG_DONE` message.
static inline CURLcode ccurl_message_result(const CURLMsg *message) {
  return message->data.result;
}

/// The `CURLVERSION_NOW` value that `curl_version_info` expects from this header's version.
static inline CURLversion ccurl_version_now(void) {
  return CURLVERSION_NOW;
}

#endif
