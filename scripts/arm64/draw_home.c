/* Loads the phone-feature app library built for aarch64 and draws Home once, off screen,
 * through the phone platform's frame, then has the AI worker answer a move (scripts/arm64.sh runs it under qemu). */
#include <stdio.h>

int dama_ui_draw_home_offscreen(void);
int dama_ui_ai_reply_offscreen(void);

int main(void) {
    int r = dama_ui_draw_home_offscreen();
    printf("aarch64: the app library drew Home off screen: %s\n", r == 0 ? "yes" : "no");
    int a = dama_ui_ai_reply_offscreen();
    printf("aarch64: the app library's AI worker answered a move: %s\n", a == 0 ? "yes" : "no");
    return r | a;
}
