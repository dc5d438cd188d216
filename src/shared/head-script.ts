import { TAGLINE_VARIANTS, VISITOR_STORAGE_KEY } from './domain/ab-test.ts';
import { BROWSE_FIRST_PAGE_KEY, SHELL_FIRST_PAGE } from './shell-first-page.ts';
import { MISSING_STORED_VALUES, TOKEN_KEY, USER_KEY } from './stored-session.ts';

/**
 * The id of a page's own data for the head script (written by scripts/prerender.ts): `entry`, the
 * app's start-up script (no page has a script tag for it); on the shell only, `chunks`, the files each
 * member page path loads ('*': every member page), and `calls`, the address of the first data of each
 * page whose skeleton the head script draws it into, by path (in both, a path ending in / stands for
 * each path one level below it, whose last part replaces a call's `$id`; /browse's call is the first
 * page with the filters' defaults).
 */
export const PAGE_DATA_ID = 'page-data';
export type PageData = { entry: string; chunks?: Record<string, string[]>; calls?: Record<string, string> };

/**
 * The one inline script of the pages (in <head>, before the first paint). <html data-page> names the
 * page's path, so the shell paints that page's heading (scripts/prerender.ts). A device with a stored
 * session is marked <html data-member>, so a prerendered visitor's page stays hidden until the app
 * has decided where a member belongs (theme.css). The visitor's id is read (made and kept on a first
 * visit) and <html data-tagline> names their tagline, so the landing page's prerendered heading
 * shows it from the first paint (landing.css; the same rule as `variantOf`, decision 37).
 *
 * No page has a script tag for the app: this script asks for its start-up script (`S`, added once
 * the document is parsed, as a module script in the markup would run) once the page has painted —
 * its first paint (a prerendered page, the heading of a member's page) never waits for code — or
 * after a second at most (a tab in the background does not paint), and on the shell, for a device
 * with a stored session, the code the page at its address will load (`A`, the build's list, each
 * link in a task of its own after S's), beside it rather than after it has run. On a page with a call in the data (`calls`: /browse, the
 * inbox, a conversation, a member's page, one's own profile) it first asks for that page's first
 * data itself — on /browse the first page the member last asked for (`BROWSE_FIRST_PAGE_KEY`), else
 * the defaults' — and draws it into the shell's skeleton of the page where the page will draw it
 * (`F`, as the skeleton's `fill` marks say: shell-first-page.ts); the app's code is asked for once
 * that has painted (or the call failed), so on a slow network the page's largest paint does not
 * share it with some 130 KB of code. The app takes that answer (`SHELL_FIRST_PAGE`) instead of
 * asking again (app/platform/shell-answer.ts; decisions 64 and 81).
 * The server's Content-Security-Policy allows exactly this script by its hash.
 */
export const HEAD_SCRIPT =
  "var d=document.documentElement,p=location.pathname.replace(/(.)\\/+$/,'$1'),c=0,w=0;d.setAttribute('data-page',p);" +
  "function L(f,r){var l=document.createElement(r?'link':'script');if(r){l.rel=r;if(r=='preload')l.as='style';l.href=f}else{l.type='module';l.src=f}l.crossOrigin='';document.head.appendChild(l)}" +
  "function S(){if(!c||S.d)return;S.d=1;var f=c.entry;if(document.readyState=='loading'){L(f,'modulepreload');document.addEventListener('DOMContentLoaded',function(){L(f)})}else L(f)}" +
  // The page's key in a map by path: the path, or one ending in / for each path one level below it.
  "function M(o){var n,k;for(n in o)if(n==p||/\\/$/.test(n)&&p.indexOf(n)==0&&p.lastIndexOf('/')<n.length&&p.length>n.length)k=n;return k}" +
  // Each link in a task of its own: adding one starts its request, a dozen together made a long task.
  "function A(){if(A.d)return;A.d=1;c.chunks['*'].concat(c.chunks[M(c.chunks)]||[]).forEach(function(f){setTimeout(function(){L('/'+f,/\\.css$/.test(f)?'preload':'modulepreload')})})}" +
  // Draws an answer (or a log's item) into the page's skeleton (`fill`, shell-first-page.ts; D: the
  // path's id); returns the image drawn.
  "function F(j,k,D){var i,l=[].slice.call(k.querySelectorAll('[data-fill]'));if(k.dataset.fill)l.unshift(k);l.forEach(function(e){var a=e.dataset.fill.split(' '),v=a[1].split('.').reduce(function(o,n){return o==null?o:o[n]},j),m=e.dataset.labels;" +
  "if(m){m=JSON.parse(m);v=v==D?m.$id:v in m?m[v]:m['*']}if(v==null)return;if(a[0]=='text')e.textContent=v;else if(a[0]=='show')e.hidden=!v;else if(a[0]=='unless')e.hidden=!!v;else if(a[0]=='class')e.classList.add(v);" +
  // A log: its second child drawn for each item, its first (a day's mark) before an item of another
  // day than the one before; scrolled to its end.
  "else if(a[0]=='log'){var C=e.children,t=C[1],y=C[0],z;e.textContent='';v.forEach(function(x){var q=new Date(x.createdAt).toDateString();if(q!=z)e.appendChild(y.cloneNode(1));z=q;var b=t.cloneNode(1);e.appendChild(b);F(x,b,D)});e.parentNode.scrollTop=1e9}else if(!i){i=new Image();i.alt='';i.fetchPriority='high';i.src=v;e.appendChild(i)}});return i}" +
  // The page's data first: a storage that refuses access must not keep the app from loading.
  'try{var e=document.getElementById(' +
  JSON.stringify(PAGE_DATA_ID) +
  ');c=e&&JSON.parse(e.textContent)}catch(x){}' +
  `try{var s=localStorage,t=s.getItem(${JSON.stringify(TOKEN_KEY)});if(${JSON.stringify(MISSING_STORED_VALUES)}.indexOf(t)>=0)t=null;` +
  "if(t)d.setAttribute('data-member','');" +
  // The start-up script and the page's code in two tasks: a phone takes one long task to add the
  // dozen links together.
  "if(c){var g=function(){if(!g.d){g.d=1;S();if(t&&c.chunks)setTimeout(A)}},h=function(){requestAnimationFrame(function(){setTimeout(g)})},E=PerformanceObserver.supportedEntryTypes||[],K,u,q;" +
  // The page's call: its path, or a path ending in / with one more part (the id).
  "if(t&&c.calls&&(K=M(c.calls)))u=c.calls[K].replace('$id',p.slice(K.length));" +
  // Not for the Available Dates tab (/browse?tab=dates), which shows no profile cards.
  "if(K=='/browse')if(/[?&]tab=dates/.test(location.search))K=0;" +
  `else try{q=JSON.parse(s.getItem(${JSON.stringify(BROWSE_FIRST_PAGE_KEY)}));if(q.member==JSON.parse(s.getItem(${JSON.stringify(USER_KEY)}))._id)u=q.url}catch(x){}` +
  `if(K){var P=window.${SHELL_FIRST_PAGE}={url:u};` +
  "P.answer=fetch(u,{headers:{authorization:'Bearer '+t}}).then(function(r){return r.ok?r.json():null}).catch(function(){return null}).then(function(j){P.data=j;var i;" +
  "try{i=j&&F(j,document.querySelector('[data-skeleton=\"'+K+'\"]'),p.slice(K.length))}catch(x){}" +
  // Painted: the browser's largest-paint entry for the image drawn, where it has them (else its load
  // and a frame); text at the next frame; nothing to wait for when the call failed.
  "if(!j)g();else if(!i)h();else{i.onerror=g;if(E.indexOf('largest-contentful-paint')<0)i.onload=h;" +
  "else new PerformanceObserver(function(l,o){l.getEntries().forEach(function(x){if(x.element==i){o.disconnect();setTimeout(g)}})}).observe({type:'largest-contentful-paint'})}" +
  "return j})}" +
  "else if(E.indexOf('paint')<0)setTimeout(g);" +
  "else new PerformanceObserver(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();g()}}).observe({type:'paint'});" +
  "setTimeout(g,1000);w=1}" +
  `var k=${JSON.stringify(VISITOR_STORAGE_KEY)},v=s.getItem(k);` +
  "if(!/^[0-9a-f]{32}$/.test(v||'')){v=Array.from(crypto.getRandomValues(new Uint8Array(16)),function(b){return(b+256).toString(16).slice(1)}).join('');s.setItem(k,v)}" +
  `d.setAttribute('data-tagline',${JSON.stringify(TAGLINE_VARIANTS)}[parseInt(v.slice(0,8),16)%${TAGLINE_VARIANTS.length}])` +
  '}catch(x){}if(!w)S()';
