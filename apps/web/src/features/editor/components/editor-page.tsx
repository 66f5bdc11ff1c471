import { Link, useParams } from 'react-router';
import { ArrowLeft, PenLine } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { ScreenPlaceholder } from '../../../components/ui/empty-state';

export type EditorKind = 'homepage' | 'page' | 'service' | 'city';

const TITLES: Record<EditorKind, string> = {
  homepage: 'Edit homepage',
  page: 'Edit page',
  service: 'Edit service page',
  city: 'Edit city page',
};

/** The visual editor routes (spec part 2 "Visual editor"); the editor itself is lazy-loaded later. */
export default function EditorPage({ kind }: { kind: EditorKind }) {
  const { id } = useParams();
  const back = (
    <Link
      to={`/project/${id ?? ''}/detail`}
      className={buttonClasses('link', 'sm', 'gap-1 text-sm')}
    >
      <ArrowLeft className="size-4" aria-hidden="true" /> Back to project
    </Link>
  );
  return (
    <ScreenPlaceholder
      title={TITLES[kind]}
      back={back}
      icon={<PenLine />}
      comingTitle="The visual editor is coming soon"
      coming={[
        'Drag-and-drop editing of the page, with Save, Clear and Unselect.',
        'Regenerate a selected section with a prompt.',
        'Meta tags, tracking codes and the version list in a side panel.',
        'An HTML editor with formatting, find and replace and tag checks.',
      ]}
      actions={back}
    />
  );
}
