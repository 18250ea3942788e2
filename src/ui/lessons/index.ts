export { LESSONS, FIRST_RUN, lessonById, type Lesson, type LessonStep } from './lessons';
export {
  lessonStore,
  lessonScenarioAtStart,
  startFirstRunIfNew,
  firstRunDismissed,
  yieldLessonsToLinks,
} from './store';
export { LessonPanel, type LessonHandle } from './LessonPanel';
export { LessonsMenu } from './LessonsMenu';
