#include "plots/phasenames.h"

#include <QtCore/QCoreApplication>

namespace es::ui {

QString phaseDisplayName(Phase phase)
{
    // Not a QObject, so a context of its own. A switch, not a table: a phase added to es::Phase
    // without a name here is a -Wswitch warning, not an empty legend entry. lupdate needs the
    // literals in each call.
    switch (phase) {
        case Phase::DataWait:
            return QCoreApplication::translate("es::ui::PhaseNames", "Data wait",
                                               "training phase: waiting for the input batch");
        case Phase::HostToDevice:
            return QCoreApplication::translate("es::ui::PhaseNames", "Host→device",
                                               "training phase: copying the batch to the device");
        case Phase::Forward:
            return QCoreApplication::translate("es::ui::PhaseNames", "Forward",
                                               "training phase: the forward pass");
        case Phase::Backward:
            return QCoreApplication::translate("es::ui::PhaseNames", "Backward",
                                               "training phase: the backward pass");
        case Phase::Optimizer:
            return QCoreApplication::translate("es::ui::PhaseNames", "Optimizer",
                                               "training phase: the optimizer's step");
        case Phase::Callbacks:
            return QCoreApplication::translate("es::ui::PhaseNames", "Callbacks",
                                               "training phase: the callbacks' time in a step");
        case Phase::WarmUp:
            return QCoreApplication::translate("es::ui::PhaseNames", "Warm-up",
                                               "training phase: warm-up steps before training");
        case Phase::Other:
            return QCoreApplication::translate("es::ui::PhaseNames", "Other",
                                               "training phase: the rest of the step's time");
    }
    return {};
}

}  // namespace es::ui
