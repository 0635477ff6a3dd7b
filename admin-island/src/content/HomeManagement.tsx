// Home management: a menu of the home page's five sections, each opening the same
// generic screens as elsewhere, with this menu's words. The open section is kept in
// the URL's hash so a reload or the browser's back button keeps the place.
import { Heart, Image, Images, Info, Users } from "lucide-react";
import { homeSections } from "../app/registry-definitions.ts";
import { LoadErrorBar } from "../ui/ListStates.tsx";
import { SectionTile } from "../ui/SectionTile.tsx";
import { homeBoard } from "./resources/home.ts";
import { SectionScreen } from "./SectionScreen.tsx";
import { useHashSection } from "./useHashSection.ts";
import { useRows } from "./useRows.ts";

const SECTION_ICONS: Record<string, typeof Image> = {
  banners: Image,
  about: Info,
  causes: Heart,
  board: Users,
  gallery: Images,
};

export function HomeManagement() {
  const { section, backToMenu } = useHashSection();
  if (section) {
    return (
      <SectionScreen
        section={homeSections.find((entry) => entry.id === section)}
        backLabel="Back to Home Management"
        onBack={backToMenu}
      />
    );
  }
  return <HomeMenu />;
}

function HomeMenu() {
  const { state, reload } = useRows("board_staff", homeBoard.order, homeBoard.texts.loadError);
  return (
    <div className="flex flex-col gap-6">
      <h2 className="font-display text-2xl font-bold text-ink">Home Page Sections</h2>
      {state.status === "error" ? (
        <LoadErrorBar text={homeBoard.texts.loadError} onRetry={() => void reload()} />
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {homeSections.map(({ id, title, description }) => (
          <SectionTile
            key={id}
            id={id}
            icon={SECTION_ICONS[id] ?? Info}
            title={title}
            description={description}
            extra={
              id === "board" && state.status === "ready"
                ? `${state.rows.length} members`
                : undefined
            }
          />
        ))}
      </ul>
    </div>
  );
}
