/**
 * Asks for an image now, at high priority, so the <img> that shows it later finds it downloaded
 * (the page's largest paint need not wait for the render that creates that <img>).
 */
export function preloadImage(url: string | undefined): void {
  if (!url || document.head.querySelector(`link[rel="preload"][href="${CSS.escape(url)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = url;
  link.fetchPriority = 'high';
  document.head.appendChild(link);
}
