// A TypeDoc plugin: every `XParameters` type is shown in place where a function takes it (TypeDoc's
// `@expand`), so a function's page lists the fields of its one object parameter, as viem's docs do,
// instead of a link to the type.
import { Comment, Converter, ReflectionKind } from "typedoc";

/** @param {import("typedoc").Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
    for (const reflection of context.project.getReflectionsByKind(
      ReflectionKind.TypeAlias | ReflectionKind.Interface,
    )) {
      if (!/Parameters$/.test(reflection.name)) continue;
      reflection.comment ??= new Comment();
      reflection.comment.modifierTags.add("@expand");
    }
  });
}
