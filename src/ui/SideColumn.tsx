// The side column: the gallery, or the workspace's files as they were after the selected model
// call (time travel), saved as an outside edit on the latest call.
import type { SessionController, SessionState } from './controller/controller';
import type { GalleryEntry } from './corpus';
import { Gallery } from './Gallery';
import { Tabs } from './Tabs';
import { Workspace } from './Workspace';

export type Side = 'gallery' | 'files';

export interface SideColumnProps {
  ctl: SessionController;
  s: SessionState;
  entries: GalleryEntry[];
  side: Side;
  onSide: (side: Side) => void;
}

export function SideColumn({ ctl, s, entries, side, onSide }: SideColumnProps) {
  const { live, selectedCall } = s;
  const play = live?.play;
  const history = play?.history ?? [];
  const current = history[selectedCall];
  const last = history.length - 1;
  // Time travel: the files after the selected call against the call before; on the latest call
  // with outside edits since, the files now against that call.
  const showNow = live?.now !== undefined && selectedCall === last;
  const files = showNow ? live?.now : (current?.files ?? live?.now);
  const previous = showNow
    ? current?.files
    : selectedCall > 0
      ? history[selectedCall - 1]?.files
      : current?.filesBefore;
  const filesLabel = showNow
    ? `now: outside edits after model call ${last}`
    : current
      ? `after model call ${selectedCall}`
      : 'now';
  const editable = !current || selectedCall === last;
  return (
    <aside className="side">
      <Tabs<Side>
        label="Side"
        className="side-tabs"
        value={side}
        tabs={[
          { value: 'gallery', name: 'Gallery' },
          { value: 'files', name: 'Files', disabled: !play },
        ]}
        onPick={onSide}
      />
      {side === 'gallery' ? <Gallery entries={entries} selected={play?.id} onOpen={ctl.openGallery} /> : null}
      {side === 'files' && play && files ? (
        <Workspace
          files={files}
          previous={previous}
          root={play.ws.info.root}
          cwd={play.ws.info.cwd}
          label={filesLabel}
          onSave={editable ? (p, t) => void ctl.outsideEdit(p, t) : undefined}
        />
      ) : null}
    </aside>
  );
}
