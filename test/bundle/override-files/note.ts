// A helper of the Footer override: its lowercase name tells egdocs it overrides nothing.
export const note = 'PROJECT_FOOTER_NOTE';
