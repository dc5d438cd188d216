import { TAGLINE_VARIANTS, VISITOR_STORAGE_KEY } from './domain/ab-test.ts';

/** The id of the shell's list of the code each member page loads (written by scripts/prerender.ts). */
export const PAGE_CHUNKS_ID = 'page-chunks';

/**
 * The one inline script of the pages (in <head>, before the first paint). <html data-page> names the
 * page's path, so the shell paints that page's heading (scripts/prerender.ts). A device with a stored
 * session is marked <html data-member>, so a prerendered visitor's page stays hidden until the app
 * has decided where a member belongs (theme.css). The visitor's id is read (made and kept on a first
 * visit) and <html data-tagline> names their tagline, so the landing page's prerendered heading
 * shows it from the first paint (landing.css; the same rule as `variantOf`, README decision 37).
 * On the shell (a member's page), a device with a stored session asks for the code its page will load
 * (the build's list, `PAGE_CHUNKS_ID`, scripts/prerender.ts) once the shell has painted, beside the
 * start-up script rather than after it has run (not before the first paint, which it would slow).
 * The server's Content-Security-Policy allows exactly this script by its hash.
 */
export const HEAD_SCRIPT =
  "var d=document.documentElement,p=location.pathname.replace(/(.)\\/+$/,'$1');d.setAttribute('data-page',p);" +
  'try{var s=localStorage,c=document.getElementById(' +
  JSON.stringify(PAGE_CHUNKS_ID) +
  ');' +
  "if(s.getItem('token')){d.setAttribute('data-member','');" +
  'if(c){c=JSON.parse(c.textContent);' +
  "var a=function(){c['*'].concat(c[p]||[]).forEach(function(f){var l=document.createElement('link'),css=/\\.css$/.test(f);l.rel=css?'preload':'modulepreload';if(css)l.as='style';l.crossOrigin='';l.href='/'+f;document.head.appendChild(l)})};" +
  "if((PerformanceObserver.supportedEntryTypes||[]).indexOf('paint')<0)setTimeout(a);" +
  "else new PerformanceObserver(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();a()}}).observe({type:'paint'})}}" +
  `var k=${JSON.stringify(VISITOR_STORAGE_KEY)},v=s.getItem(k);` +
  "if(!/^[0-9a-f]{32}$/.test(v||'')){v=Array.from(crypto.getRandomValues(new Uint8Array(16)),function(b){return(b+256).toString(16).slice(1)}).join('');s.setItem(k,v)}" +
  `d.setAttribute('data-tagline',${JSON.stringify(TAGLINE_VARIANTS)}[parseInt(v.slice(0,8),16)%${TAGLINE_VARIANTS.length}])` +
  '}catch(e){}';
