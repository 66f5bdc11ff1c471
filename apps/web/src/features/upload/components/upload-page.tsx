import { Link } from 'react-router';
import { ArrowLeft, FileSpreadsheet } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { ScreenPlaceholder } from '../../../components/ui/empty-state';

/** /upload — the simple spreadsheet upload (spec part 2 "Upload screens"). */
export default function UploadPage() {
  const back = (
    <Link to="/projects" className={buttonClasses('link', 'sm', 'gap-1 text-sm')}>
      <ArrowLeft className="size-4" aria-hidden="true" /> Back to Projects
    </Link>
  );
  return (
    <ScreenPlaceholder
      title="Upload locations"
      description="Add city pages to a project from a spreadsheet of locations."
      back={back}
      icon={<FileSpreadsheet />}
      comingTitle="Spreadsheet upload is coming soon"
      coming={[
        'Choose a .csv, .xlsx or .xls file and the project it belongs to.',
        'Add a prompt to guide the AI, then upload.',
        'Each row becomes a city page, grouped by state, county, city and ZIP code.',
      ]}
      actions={back}
    />
  );
}
