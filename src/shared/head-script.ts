/**
 * The one inline script of the pages (in <head>, before the first paint): a device with a stored
 * session marks <html data-member>, so a prerendered visitor's page stays hidden until the app has
 * decided where a member belongs (theme.css). The server's Content-Security-Policy allows exactly
 * this script by its hash.
 */
export const HEAD_SCRIPT = "try{localStorage.getItem('token')&&document.documentElement.setAttribute('data-member','')}catch(e){}";
