/**
 * A cache-control field for the gateway alone (a targeted field in the manner of RFC 9213): a
 * service that answers a GET with `max-age=N` lets the gateway keep the 200 answer for N seconds
 * and serve it again to any caller of the same role, because the answer depends on nothing else.
 * The gateway never passes the field on to browsers.
 */
export const GATEWAY_CACHE_CONTROL_HEADER = 'gateway-cache-control';
