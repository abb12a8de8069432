// A project's templates/HomePage.tsx: a page template override, its `data` narrowed to the home page's.
import type { HomePageProps } from 'egdocs';
import { HomePage as DefaultHomePage } from 'egdocs/templates/SimplePages';

export function HomePage(props: HomePageProps) {
  return (
    <div className="project-home">
      <p>PROJECT_HOME {props.data.hero.tagline}</p>
      <DefaultHomePage {...props} />
    </div>
  );
}
