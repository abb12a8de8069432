// A project's templates/Footer.tsx as a writer would make it (the overrides tests copy it into their projects):
// type-checked here against the props egdocs exports, as a project's editor would check it.
import type { FooterProps } from 'egdocs';
import { Footer as DefaultFooter } from 'egdocs/templates/Footer';
import { note } from './note.ts';

export function Footer(props: FooterProps) {
  return (
    <>
      <p className="project-note">{note}</p>
      <DefaultFooter {...props} />
    </>
  );
}
