// The lessons in the header's Help menu: every lesson, the first-run one too (so it stays
// reachable after it was dismissed).
import { MenuItem, MenuItems } from '../header/Menu';
import { LESSONS } from './lessons';
import { lessonStore } from './store';

export function LessonsMenu() {
  return (
    <MenuItems menu="help">
      <div role="group" aria-labelledby="lessons-menu-label">
        <span id="lessons-menu-label" role="presentation" className="menu-group-label">
          Lessons
        </span>
        {LESSONS.map((l) => (
          <MenuItem key={l.id} onSelect={() => lessonStore.start(l.id)}>
            {l.title}
          </MenuItem>
        ))}
      </div>
    </MenuItems>
  );
}
