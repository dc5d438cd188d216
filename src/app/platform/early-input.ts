// What a visitor types into a prerendered form before the app runs is in the page but not in
// React's state: the next render would wipe it. Once hydrated, each control that differs from its
// prerendered value is handed to React as the visitor's own input, so nothing typed is lost.

function valueSetter(element: HTMLInputElement | HTMLTextAreaElement) {
  return Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')!.set!;
}

export function replayEarlyInput(container: HTMLElement): void {
  for (const control of container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select')) {
    if (control instanceof HTMLSelectElement) {
      if ([...control.options].some((option) => option.selected !== option.defaultSelected)) {
        control.dispatchEvent(new Event('change', { bubbles: true }));
      }
    } else if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
      if (control.checked !== control.defaultChecked && (control.type === 'checkbox' || control.checked)) {
        // Back to what React rendered, then the visitor's click again.
        control.checked = control.defaultChecked;
        control.click();
      }
    } else if (control.value !== control.defaultValue) {
      const typed = control.value;
      // React notices a change against the value it last set: set that one, then the typed one behind its back.
      control.value = control.defaultValue;
      valueSetter(control).call(control, typed);
      control.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
}
