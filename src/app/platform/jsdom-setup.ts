// What jsdom lacks and every component test needs, set once for the dom project (vite.config.ts).

// The router restores scroll positions; jsdom has no scrolling.
window.scrollTo = () => undefined;

// No modal dialogs: open and close them as a browser would, minus the focus trap.
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
};
