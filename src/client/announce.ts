// One polite live region for the whole page: route changes and "Copied" are read out by screen readers.
export function createAnnouncer(): (text: string) => void {
  const region = document.createElement('div');
  region.id = '__egdocs-announcer';
  region.className = 'visually-hidden';
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-atomic', 'true');
  document.body.appendChild(region);
  return (text) => {
    // Clearing first makes a repeated message ("Copied" twice) count as a change.
    region.textContent = '';
    requestAnimationFrame(() => (region.textContent = text));
  };
}
