# The virtual views of the decor view: each AccessKit node, answered by the native side.

.class final Lapp/damazamma/a11y/AccessibilityDelegate$Provider;
.super Landroid/view/accessibility/AccessibilityNodeProvider;
.source "AccessibilityDelegate.smali"

.field private final handle:J
.field private final host:Landroid/view/View;

.method constructor <init>(JLandroid/view/View;)V
    .registers 4
    invoke-direct {p0}, Landroid/view/accessibility/AccessibilityNodeProvider;-><init>()V
    iput-wide p1, p0, Lapp/damazamma/a11y/AccessibilityDelegate$Provider;->handle:J
    iput-object p3, p0, Lapp/damazamma/a11y/AccessibilityDelegate$Provider;->host:Landroid/view/View;
    return-void
.end method

.method public createAccessibilityNodeInfo(I)Landroid/view/accessibility/AccessibilityNodeInfo;
    .registers 5
    iget-wide v0, p0, Lapp/damazamma/a11y/AccessibilityDelegate$Provider;->handle:J
    iget-object v2, p0, Lapp/damazamma/a11y/AccessibilityDelegate$Provider;->host:Landroid/view/View;
    invoke-static {v0, v1, v2, p1}, Lapp/damazamma/a11y/AccessibilityDelegate;->createAccessibilityNodeInfo(JLandroid/view/View;I)Landroid/view/accessibility/AccessibilityNodeInfo;
    move-result-object v0
    return-object v0
.end method

.method public findFocus(I)Landroid/view/accessibility/AccessibilityNodeInfo;
    .registers 5
    iget-wide v0, p0, Lapp/damazamma/a11y/AccessibilityDelegate$Provider;->handle:J
    iget-object v2, p0, Lapp/damazamma/a11y/AccessibilityDelegate$Provider;->host:Landroid/view/View;
    invoke-static {v0, v1, v2, p1}, Lapp/damazamma/a11y/AccessibilityDelegate;->findFocus(JLandroid/view/View;I)Landroid/view/accessibility/AccessibilityNodeInfo;
    move-result-object v0
    return-object v0
.end method

.method public performAction(IILandroid/os/Bundle;)Z
    .registers 10
    iget-wide v0, p0, Lapp/damazamma/a11y/AccessibilityDelegate$Provider;->handle:J
    iget-object v2, p0, Lapp/damazamma/a11y/AccessibilityDelegate$Provider;->host:Landroid/view/View;
    move v3, p1
    move v4, p2
    move-object v5, p3
    invoke-static/range {v0 .. v5}, Lapp/damazamma/a11y/AccessibilityDelegate;->performAction(JLandroid/view/View;IILandroid/os/Bundle;)Z
    move-result v0
    return v0
.end method
